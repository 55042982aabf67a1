import type { HTMLAttributes, ReactNode } from 'react'

type DdAttributes = HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: string | number | undefined }

/**
 * One term of a description list (`<dl>`): `<div><dt>label</dt><dd>value</dd></div>`. The
 * attributes (class, test id) go to the value.
 */
export function Stat({ label, children, ...dd }: { label: ReactNode; children?: ReactNode } & DdAttributes) {
  return (
    <div>
      <dt>{label}</dt>
      <dd {...dd}>{children}</dd>
    </div>
  )
}
