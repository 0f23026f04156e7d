import { describe, expect, it } from 'vitest'
import { formatCardNumber, formatExpiry, readTestCard } from './test-card-fields'

const NUMBER = 'Enter the card number: 12 to 19 digits.'
const EXPIRY = 'Enter the expiry date as MM/YY, for example 08/29.'
const CVC = 'Enter the 3 or 4 digit security code from the back of the card.'

describe('readTestCard', () => {
  it.each([
    [{ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, { card_number: '4242424242424242', exp_month: 12, exp_year: 34, cvc: '123' }],
    [{ cardNumber: ' 4000-0000-0000-0002 ', expiry: ' 01 / 27 ', cvc: '9876' }, { card_number: '4000000000000002', exp_month: 1, exp_year: 27, cvc: '9876' }],
    [{ cardNumber: '4000000000009995', expiry: '0830', cvc: '000' }, { card_number: '4000000000009995', exp_month: 8, exp_year: 30, cvc: '000' }],
    [{ cardNumber: '4242 4242 4242', expiry: '12/34', cvc: '123' }, { card_number: '424242424242', exp_month: 12, exp_year: 34, cvc: '123' }],
  ])('reads %j', (fields, card) => {
    expect(readTestCard(fields)).toEqual({ card })
  })

  it.each([
    [{ cardNumber: '', expiry: '', cvc: '' }, { cardNumber: NUMBER, expiry: EXPIRY, cvc: CVC }],
    [{ cardNumber: '4242 4242', expiry: '13/34', cvc: '12' }, { cardNumber: NUMBER, expiry: EXPIRY, cvc: CVC }],
    [{ cardNumber: '4242 4242 4242 424x', expiry: '00/34', cvc: '12345' }, { cardNumber: NUMBER, expiry: EXPIRY, cvc: CVC }],
    [{ cardNumber: '4242424242424242', expiry: '12/2034', cvc: 'abc' }, { expiry: EXPIRY, cvc: CVC }],
    [{ cardNumber: '42424242424', expiry: '12/34', cvc: '123' }, { cardNumber: NUMBER }],
  ])('names each problem of %j', (fields, problems) => {
    expect(readTestCard(fields)).toEqual({ problems })
  })
})

describe('formatCardNumber', () => {
  it.each([
    ['', ''],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4000-0000-0000-0002', '4000 0000 0000 0002'],
    ['4242424242424242424299', '4242 4242 4242 4242 424'],
  ])('shows %j as %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown)
  })
})

describe('formatExpiry', () => {
  it.each([
    ['1', '', '1'],
    ['12', '1', '12 / '],
    ['1229', '', '12 / 29'],
    ['12 / 2', '12 / ', '12 / 2'],
    ['12 / /', '12 / ', '12 / '],
    ['8', '', '08 / '],
    ['12 /', '12 / ', '12'],
    ['12 / ', '12 / 2', '12'],
    ['0', '08', '0'],
  ])('shows %j (after %j) as %j', (typed, previous, shown) => {
    expect(formatExpiry(typed, previous)).toBe(shown)
  })
})
