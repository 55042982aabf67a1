import { ChoiceChips } from '../ChoiceChips'
import styles from './Console.module.css'

const classes = { tabs: styles.chips, tab: styles.chip }

/** The console's row of chips of which one is pressed (a page's tabs, a status filter, a language). */
export function ConsoleChips<V extends string | undefined>(
  props: Omit<Parameters<typeof ChoiceChips<V>>[0], 'classes'>,
) {
  return <ChoiceChips {...props} classes={classes} />
}
