/** @jsxRuntime automatic */
// fluent-list.tsx with the other libraries the portal runs before its list, each doing what the portal
// does with it once: TanStack Query fetches the list, TypeBox's Value checks it, Dexie keeps it, date-fns
// formats a day, and a Fluent Menu and Dialog are on the page. Served at a name with "spinner", it shows
// Fluent's Spinner while the list loads, as the portal's My Jobs does, over a prerendered one.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Button, Dialog, DialogSurface, FluentProvider, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import Dexie from 'dexie'
import { Type } from 'typebox'
import { Value } from 'typebox/value'
import { format } from 'date-fns'
import { ListTable, LoadingSpinner, StatusTabs } from './fluent-list.tsx'
import type { ReferenceRow } from './list-rows.ts'

const kept = new Dexie('reference-page')
kept.version(1).stores({ lists: 'id' })
const spinning = typeof location !== 'undefined' && location.pathname.includes('spinner')
const RowsSchema = Type.Array(Type.Object({ id: Type.Number(), address: Type.String(), type: Type.String(), status: Type.String(), date: Type.String() }))

async function fetchRows(): Promise<ReferenceRow[]> {
  const rows: unknown = await (await fetch('/list.json')).json()
  if (!Value.Check(RowsSchema, rows)) throw new Error('The list is not a list of rows')
  void kept.table('lists').put({ id: 1, rows })
  return rows
}

function FluentListWithLibraries() {
  const [picked, setPicked] = useState<number | null>(null)
  const { data: rows } = useQuery({ queryKey: ['rows'], queryFn: fetchRows })
  return (
    <FluentProvider theme={webLightTheme}>
      <main>
        <h1>My Jobs</h1>
        <Menu>
          <MenuTrigger>
            <Button>Profile</Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem>Sign out</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
        <Dialog open={false}>
          <DialogSurface>Job details</DialogSurface>
        </Dialog>
        <StatusTabs />
        <p>{picked ? `Job ${picked}` : `Showing all jobs up to ${format(new Date(), 'd MMM yyyy')}`}</p>
        {rows ? <ListTable rows={rows} onPick={setPicked} /> : spinning ? <LoadingSpinner /> : <p>Loading jobs</p>}
      </main>
    </FluentProvider>
  )
}

const root = typeof document === 'undefined' ? null : document.getElementById('root')
if (root) createRoot(root).render(
  <QueryClientProvider client={new QueryClient()}>
    <FluentListWithLibraries />
  </QueryClientProvider>,
)
