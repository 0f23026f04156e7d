// Test support for the Add Credit dialog: the server's answers per contract/payments.ts and
// contract/lookups.ts (served by the fake API behind fetch), and the dialog rendered in the app's
// providers. Each test file mocks the Payment dialog itself (vi.mock is the file's own).
import { screen } from '@testing-library/react'
import { vi } from 'vitest'
import type { RechargePlan } from '@contract/lookups.ts'
import type { RechargeHistory, RechargeTransaction } from '@contract/payments.ts'
import { renderWithPortal, setUpFakePortalApi } from '@/test/fake-portal-api'
import { AddCreditDialog } from '../components/add-credit-dialog'

export const PLANS: RechargePlan[] = [
  { id: 1, name: 'Starter plan', description: 'For a few inspections a month.', credit_value: 20, price: 20, currency: 'gbp' },
  { id: 2, name: 'Standard plan', description: 'Most clerks choose this one.', credit_value: 100, price: 95.5, currency: 'GBP' },
]

export function transaction(overrides: Partial<RechargeTransaction> = {}): RechargeTransaction {
  return {
    id: 1,
    kind: 'recharge',
    amount: 20,
    currency: 'gbp',
    credit: 20,
    balance: 20,
    remarks: 'Starter plan',
    job_id: null,
    receipt_number: 'IS-000001',
    created_at: '2026-11-20T09:05:00',
    ...overrides,
  }
}

export function history(overrides: Partial<RechargeHistory> = {}): RechargeHistory {
  return { transactions: [transaction()], recharge_report: 'clerks/c1/recharges/statement.pdf', ...overrides }
}

export function setUpAddCreditApi() {
  const api = setUpFakePortalApi()
  return {
    api,
    answerPlans(plans: RechargePlan[] = PLANS) {
      api.answer('GET', '/lookup/recharge-plans', { status: 200, body: plans })
    },
    answerHistory(body: RechargeHistory = history()) {
      api.answer('GET', '/clerk/recharge-history', { status: 200, body })
    },
  }
}

export function renderDialog() {
  const onClose = vi.fn()
  const rendered = renderWithPortal(<AddCreditDialog open onClose={onClose} />)
  const dialog = screen.getByRole('dialog', { name: 'Add Credit' })
  return { ...rendered, onClose, dialog }
}

export const planRadio = (name: string | RegExp) => screen.findByRole('radio', { name })
