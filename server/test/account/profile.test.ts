import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, signIn, signUpClerk, STRONG_PASSWORD, type TestApp } from '../support/test-app.ts'

describe('profile', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'profile@example.com', STRONG_PASSWORD, 'Pat Profile')
    ;({ token } = await signIn(t, 'profile@example.com'))
  })
  afterAll(() => t.app.close())

  const get = () => t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })
  const update = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/profile/update', headers: bearer(token), payload })

  it('updates company, phone and address from the first reading, never the name or e-mail', async () => {
    const response = await update({ full_name: 'Someone Else', email: 'x@example.com', company_name: 'Pat Ltd', phone_number: '0113 496 0000', address: '3 Mill Lane', employee_code: 'EMP000' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Profile updated successfully', success: true })
    expect((await get()).json()).toMatchObject({ full_name: 'Pat Profile', email: 'profile@example.com', company_name: 'Pat Ltd', phone_number: '0113 496 0000', address: '3 Mill Lane' })
  })

  it('accepts the second reading of the field names too', async () => {
    const response = await update({ fullname: 'Ignored', companyname: 'Pat & Co', phonenumber: '07700 900999', address: '4 Mill Lane' })
    expect(response.statusCode).toBe(200)
    expect((await get()).json()).toMatchObject({ fullname: 'Pat Profile', companyname: 'Pat & Co', phonenumber: '07700 900999', address: '4 Mill Lane' })
  })

  it('refuses an update that changes nothing it may change', async () => {
    const response = await update({ full_name: 'New Name' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Nothing to update: send a company name, phone number or address.', code: 'invalid_input' })
  })

  it('tells the clerk through a notification', async () => {
    // Its own update, so the test stands alone (run by itself with -t, or in any order).
    expect((await update({ company_name: 'Pat Notified Ltd' })).statusCode).toBe(200)
    const list = (await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) })).json()
    expect(list[0]).toMatchObject({ message: 'Your profile details were updated.', is_read: false })
  })
})

describe('change password', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'changer@example.com')
  })
  afterAll(() => t.app.close())

  const change = (token: string, old_password: string, new_password: string) =>
    t.app.inject({ method: 'PUT', url: '/api/profile/change-password', headers: bearer(token), payload: { old_password, new_password } })

  it('answers a wrong current password, a same password and a weak one with detail.error', async () => {
    const { token } = await signIn(t, 'changer@example.com')
    const wrong = await change(token, 'Not-The-Pass-1', 'Another-Pass-2')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ detail: { error: 'Current password is incorrect' }, code: 'wrong_current_password' })
    expect((await change(token, STRONG_PASSWORD, STRONG_PASSWORD)).json()).toEqual({ detail: { error: 'Current password should not be same as new password' }, code: 'password_rejected' })
    expect((await change(token, STRONG_PASSWORD, 'weak')).json()).toEqual({ detail: { error: 'Password must be at least 8 characters long' }, code: 'password_rejected' })
  })

  it('changes it, keeps this session, ends the others, and the new password signs in', async () => {
    const here = await signIn(t, 'changer@example.com')
    const elsewhere = await signIn(t, 'changer@example.com')
    const response = await change(here.token, STRONG_PASSWORD, 'Changed-Pass-7')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Password changed successfully', success: true })

    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(here.token) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(elsewhere.token) })).statusCode).toBe(403)
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { inspectscribe_refresh: elsewhere.refreshCookie } })
    expect(refresh.statusCode).toBe(403)
    await signIn(t, 'changer@example.com', 'Changed-Pass-7')

    const list = (await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(here.token) })).json()
    expect(list[0].message).toBe('Your password was changed. If this was not you, reset your password now.')
  })
})
