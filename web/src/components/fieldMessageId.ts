/** The id a control's `aria-describedby` should name when its <Field> shows an error or a hint. */
export function fieldMessageId(id: string): string {
  return `${id}-message`;
}
