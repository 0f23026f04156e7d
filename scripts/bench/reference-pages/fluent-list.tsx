/** @jsxRuntime automatic */
// React and Fluent: a list page drawn over a prerendered heading once its list is fetched (tabs, a table,
// badges, a button per row).
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Badge, Button, FluentProvider, Spinner, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, webLightTheme } from '@fluentui/react-components'
import type { ReferenceRow } from './list-rows.ts'

export function ListTable({ rows, onPick }: { rows: ReferenceRow[]; onPick: (id: number) => void }) {
  return (
    <Table aria-label="Jobs">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Address</TableHeaderCell>
          <TableHeaderCell>Report type</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Date</TableHeaderCell>
          <TableHeaderCell>Action</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.address}</TableCell>
            <TableCell>{row.type}</TableCell>
            <TableCell>
              <Badge>{row.status}</Badge>
            </TableCell>
            <TableCell>{row.date}</TableCell>
            <TableCell>
              <Button onClick={() => onPick(row.id)}>View details</Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

export const StatusTabs = () => (
  <TabList defaultSelectedValue="all" aria-label="Status">
    <Tab value="all">All</Tab>
    <Tab value="pending">Pending</Tab>
    <Tab value="processing">Processing</Tab>
    <Tab value="completed">Completed</Tab>
  </TabList>
)

/** My Jobs' loading state: Fluent's Spinner, turning until the list is in. */
export const LoadingSpinner = () => <Spinner size="medium" labelPosition="after" label="Loading jobs" />

function FluentList() {
  const [rows, setRows] = useState<ReferenceRow[] | null>(null)
  const [picked, setPicked] = useState<number | null>(null)
  useEffect(() => {
    void fetch('/list.json')
      .then((response) => response.json())
      .then(setRows)
  }, [])
  return (
    <FluentProvider theme={webLightTheme}>
      <main>
        <h1>My Jobs</h1>
        <StatusTabs />
        <p>{picked ? `Job ${picked}` : 'Showing all jobs'}</p>
        {rows ? <ListTable rows={rows} onPick={setPicked} /> : <p>Loading jobs</p>}
      </main>
    </FluentProvider>
  )
}

const root = typeof document === 'undefined' ? null : document.getElementById('root')
if (root) createRoot(root).render(<FluentList />)
