/** @jsxRuntime automatic */
// React and Fluent: a sign-in form (two fields, a button) prerendered with its styles, then hydrated.
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { Button, Field, FluentProvider, Input, webLightTheme } from '@fluentui/react-components'

export function FluentSignIn() {
  const [said, setSaid] = useState('')
  return (
    <FluentProvider theme={webLightTheme}>
      <main>
        <h1>Sign in to InspectScribe</h1>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setSaid('Signing in')
          }}
        >
          <Field label="Email">
            <Input type="email" />
          </Field>
          <Field label="Password">
            <Input type="password" />
          </Field>
          <Button appearance="primary" type="submit">
            Sign in
          </Button>
          <p>{said}</p>
        </form>
      </main>
    </FluentProvider>
  )
}

const root = typeof document === 'undefined' ? null : document.getElementById('root')
if (root) hydrateRoot(root, <FluentSignIn />)
