import { type FormEvent, useState } from 'react'
import type * as v from 'valibot'
import { fieldErrors } from '@/lib/form/validate'

/**
 * A form's values, field errors and busy flag. `set(k)` is a field's `onChange`; `valid(schema)`
 * checks the values (or `body`) against the shared schema, shows the errors, and says whether there
 * were none. `onSubmit(schema, send)` is the form's submit handler: it checks the values, then
 * sends them; a failed request's message is shown by the http layer.
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof T) => (value: string) => setValues((s) => ({ ...s, [k]: value }))
  const valid = (schema: v.GenericSchema, body: unknown = values) => {
    const errs = fieldErrors(schema, body)
    setErrors(errs)
    return Object.keys(errs).length === 0
  }
  const onSubmit = (schema: v.GenericSchema, send: () => Promise<unknown>) => async (e: FormEvent) => {
    e.preventDefault()
    if (!valid(schema)) return
    try {
      await send()
    } catch {
      // Shown by the http layer.
    }
  }
  return { values, setValues, set, errors, busy, setBusy, valid, onSubmit }
}
