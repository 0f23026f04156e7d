/** @jsxRuntime automatic */
// React alone: the twelve rows prerendered as a plain table, then hydrated (a button per row).
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { REFERENCE_ROWS } from './list-rows.ts'

export function ReactTable() {
  const [picked, setPicked] = useState<number | null>(null)
  return (
    <main>
      <h1>My Jobs</h1>
      <p>{picked ? `Job ${picked}` : 'Showing all jobs'}</p>
      <table>
        <thead>
          <tr>
            <th>Address</th>
            <th>Report type</th>
            <th>Status</th>
            <th>Date</th>
            <th>Action</th>
          </tr>
        </thead>
        <tbody>
          {REFERENCE_ROWS.map((row) => (
            <tr key={row.id}>
              <td>{row.address}</td>
              <td>{row.type}</td>
              <td>{row.status}</td>
              <td>{row.date}</td>
              <td>
                <button type="button" onClick={() => setPicked(row.id)}>
                  View details
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  )
}

const root = typeof document === 'undefined' ? null : document.getElementById('root')
if (root) hydrateRoot(root, <ReactTable />)
