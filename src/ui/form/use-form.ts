import { useState } from 'react'
import type * as v from 'valibot'
import { fieldErrors } from '@/lib/form/validate'

/**
 * A form's values, field errors and busy flag. `set(k)` is a field's `onChange`; `valid(schema)`
 * checks the values (or `body`) against the shared schema, shows the errors, and says whether there
 * were none.
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
  return { values, setValues, set, errors, busy, setBusy, valid }
}
