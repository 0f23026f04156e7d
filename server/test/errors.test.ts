import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { HttpError } from '../src/http-error.ts'
import { registerErrorHandler, SERVER_ERROR_DETAIL } from '../src/plugins/error-handler.ts'
import { createTestApp } from './support/test-app.ts'

describe('errors through the real app', () => {
  let app: FastifyInstance
  beforeAll(async () => ({ app } = await createTestApp()))
  afterAll(() => app.close())

  it('answers an unknown API path with 404 and a detail, even for a browser navigation', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not found', code: 'not_found' })
  })
})

describe('the error handler', () => {
  const logLines: string[] = []
  let app: FastifyInstance
  beforeAll(async () => {
    const stream = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) })
    app = Fastify({ logger: { level: 'error', stream } })
    registerErrorHandler(app)
    app.get('/client-error', async () => {
      throw new HttpError(409, 'Email ID already exists')
    })
    app.get('/specific', async () => {
      throw new HttpError(409, 'Template already exists. Remove it and add a new one', 'template_exists')
    })
    app.get('/login-style', async () => {
      throw new HttpError(401, { error: 'Invalid Credentials' })
    })
    app.get('/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked')
    })
    app.post('/validated', { schema: { body: Type.Object({ email: Type.String({ maxLength: 5 }) }) } }, async () => 'ok')
    await app.ready()
  })
  afterAll(() => app.close())

  it('keeps a client error’s detail and status, with the status’s general code', async () => {
    const response = await app.inject({ method: 'GET', url: '/client-error' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: 'Email ID already exists', code: 'conflict' })
  })

  it('sends a specific code instead of the status’s general one', async () => {
    const response = await app.inject({ method: 'GET', url: '/specific' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ detail: 'Template already exists. Remove it and add a new one', code: 'template_exists' })
  })

  it('keeps an object detail as it is', async () => {
    const response = await app.inject({ method: 'GET', url: '/login-style' })
    expect(response.json()).toEqual({ detail: { error: 'Invalid Credentials' }, code: 'unauthorized' })
  })

  it('hides a server error’s internals from the client and logs them', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ detail: SERVER_ERROR_DETAIL, code: 'server_error' })
    expect(response.body).not.toContain('secret')
    expect(logLines.join('')).toContain('connection string postgres://secret@db leaked')
  })

  it('names the field that failed validation', async () => {
    const response = await app.inject({ method: 'POST', url: '/validated', payload: { email: 'far too long' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'body/email must NOT have more than 5 characters', code: 'invalid_input' })
  })

  it('says so when the body is not JSON', async () => {
    const response = await app.inject({ method: 'POST', url: '/validated', headers: { 'content-type': 'application/json' }, payload: '{"email":' })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toMatch(/JSON/)
  })
})
