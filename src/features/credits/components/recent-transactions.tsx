// The clerk's recent transactions and the recharge report (portal-spec.md §2 Add Credit, §3 Recharge
// history, §8 "Recharge", §9): every money move (card payments with their receipt numbers, job charges,
// refunds, operator adjustments), each with date dd/mm/yyyy hh:mm, its description (remarks cut at 30
// characters, the whole text in a tooltip), the amount paid, the credits moved (signed) and the balance
// after, all with 2 decimals; the statement's download, or the spec's words when there is none yet.
import { useId, useState } from 'react'
import { Button, createFocusOutlineStyle, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownload20Regular } from '@fluentui/react-icons'
import type { RechargeTransaction } from '@contract/payments.ts'
import { StatusMessage } from '@/components/status-message'
import { ApiError } from '@/lib/api-client'
import { formatCredits } from '@/lib/credits'
import { useDownloadRechargeReport } from '../api/download-recharge-report'
import { useRechargeHistory } from '../api/get-recharge-history'
import { cutRemarks, formatHistoryDate, formatMoney } from '../lib/recharge-format'
import { ADD_CREDIT_TEXT as TEXT } from '../messages'

const useStyles = makeStyles({
  table: { width: '100%' },
  // The date wraps, if it must, between the day and the time only.
  nowrap: { whiteSpace: 'nowrap' },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  /** A header cell lays its text out in a flex box: the numbers' heads line up with them on the right. */
  numberHead: { justifyContent: 'flex-end' },
  remarks: { overflowWrap: 'anywhere' },
  receipt: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  // Dotted underline: there is more to read. Fluent's focus ring shows where the keyboard is.
  cut: {
    borderRadius: tokens.borderRadiusSmall,
    textDecorationLine: 'underline',
    textDecorationStyle: 'dotted',
    cursor: 'help',
    ...createFocusOutlineStyle({ style: {}, selector: 'focus' }),
  },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
  report: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
})

/** portal-spec.md §9: tooltips appear after 100 ms. */
const TOOLTIP_SHOW_MS = 100

export function RecentTransactions({ online, labelledBy }: { online: boolean; labelledBy: string }) {
  const styles = useStyles()
  const history = useRechargeHistory({ enabled: online })

  if (history.data)
    return (
      <>
        <TransactionsTable transactions={history.data.transactions} labelledBy={labelledBy} />
        {history.data.recharge_report ? <ReportDownload path={history.data.recharge_report} online={online} /> : <p className={styles.empty}>{TEXT.noReport}</p>}
      </>
    )
  if (history.isError)
    return (
      <StatusMessage intent="error" action={<Button onClick={() => void history.refetch()}>{TEXT.retry}</Button>}>
        {TEXT.historyFailed}
      </StatusMessage>
    )
  // Never read, and offline: the query waits for the connection.
  if (!online) return <p className={styles.empty}>{TEXT.historyWaitsForConnection}</p>
  return <Spinner size="small" labelPosition="after" label={TEXT.loadingHistory} />
}

function TransactionsTable({ transactions, labelledBy }: { transactions: RechargeTransaction[]; labelledBy: string }) {
  const styles = useStyles()
  if (transactions.length === 0) return <p className={styles.empty}>{TEXT.noTransactions}</p>
  return (
    <Table className={styles.table} aria-labelledby={labelledBy} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{TEXT.columns.date}</TableHeaderCell>
          <TableHeaderCell>{TEXT.columns.description}</TableHeaderCell>
          {[TEXT.columns.amount, TEXT.columns.credits, TEXT.columns.balance].map((head) => (
            <TableHeaderCell key={head} className={styles.number} button={{ className: styles.numberHead }}>
              {head}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((transaction) => (
          <TableRow key={transaction.id}>
            <TableCell>
              <DateText text={formatHistoryDate(transaction.created_at)} />
            </TableCell>
            <TableCell className={styles.remarks}>
              <Remarks text={transaction.remarks} />
              {transaction.receipt_number && <span className={styles.receipt}>{TEXT.receipt(transaction.receipt_number)}</span>}
            </TableCell>
            {transaction.amount !== null && transaction.currency !== null ? (
              <TableCell className={styles.number}>{formatMoney(transaction.amount, transaction.currency)}</TableCell>
            ) : (
              // A dash to the eye, words to a screen reader.
              <TableCell className={styles.number} aria-label={TEXT.nothingPaid}>
                —
              </TableCell>
            )}
            <TableCell className={styles.number}>{signedCredits(transaction.credit)}</TableCell>
            <TableCell className={styles.number}>{formatCredits(transaction.balance)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** "+100.00" added, "-7.35" taken: the sign says which way the credits moved. */
function signedCredits(credit: number): string {
  return credit > 0 ? `+${formatCredits(credit)}` : formatCredits(credit)
}

function DateText({ text }: { text: string }) {
  const styles = useStyles()
  const space = text.indexOf(' ')
  if (space < 0) return <span className={styles.nowrap}>{text}</span>
  return (
    <>
      <span className={styles.nowrap}>{text.slice(0, space)}</span> <span className={styles.nowrap}>{text.slice(space + 1)}</span>
    </>
  )
}

/** Cut remarks take focus, so the tooltip with the whole text opens from the keyboard as on hover. */
function Remarks({ text }: { text: string }) {
  const styles = useStyles()
  const cut = cutRemarks(text)
  if (cut === text) return <>{text}</>
  return (
    <Tooltip content={text} relationship="description" showDelay={TOOLTIP_SHOW_MS} withArrow>
      <span className={styles.cut} tabIndex={0}>
        {cut}
      </span>
    </Tooltip>
  )
}

function ReportDownload({ path, online }: { path: string; online: boolean }) {
  const styles = useStyles()
  const download = useDownloadRechargeReport()
  const [failed, setFailed] = useState(false)
  const errorId = useId()

  const onDownload = () => {
    setFailed(false)
    download.mutate(path, {
      // A 403 ended the session, and the transport's forbidden handler has sent the clerk to sign in.
      onError: (error) => setFailed(!(error instanceof ApiError && error.status === 403)),
    })
  }

  return (
    <div className={styles.report}>
      <Button
        icon={download.isPending ? <Spinner size="tiny" /> : <ArrowDownload20Regular />}
        disabled={!online}
        disabledFocusable={download.isPending}
        aria-describedby={failed ? errorId : undefined}
        onClick={onDownload}
      >
        {TEXT.downloadReport}
      </Button>
      {failed && (
        <div id={errorId}>
          <StatusMessage intent="error">{TEXT.reportDownloadFailed}</StatusMessage>
        </div>
      )}
    </div>
  )
}
