import shared from '@/ui/Product.module.css'
import own from './C2c.module.css'

/** The product screens' shared classes (cards, tabs, forms, sheets) plus C2C's own. */
const styles: Record<string, string> = { ...shared, ...own }
export default styles
