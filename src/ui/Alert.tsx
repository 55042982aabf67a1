import type { ReactNode } from 'react'

/**
 * A message read out as soon as it shows (`role="alert"`): a form's or a console row's error.
 * Nothing while `text` is empty.
 */
export function Alert({
  text,
  className,
  as: Tag = 'span',
  id,
}: {
  text: ReactNode
  className?: string
  as?: 'span' | 'p'
  id?: string
}) {
  if (!text) return null
  return (
    <Tag id={id} className={className} role="alert">
      {text}
    </Tag>
  )
}
