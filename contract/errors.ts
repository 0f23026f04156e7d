// The error body every API failure carries. Most failures carry a string `detail`;
// login and change-password carry `detail: {error}` because the portal spec reads them that way.
import Type, { type Static } from 'typebox'

export const ErrorBody = Type.Object({
  detail: Type.Union([Type.String(), Type.Object({ error: Type.String() })]),
})
export type ErrorBody = Static<typeof ErrorBody>
