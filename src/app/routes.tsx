// Every route of portal-spec.md §2 with its redirects. Pages load lazily so the first screen pays
// only for itself (src/app/route-modules.tsx; main.tsx starts the first route's modules at once). The
// declarative router is used because the data router's loaders and actions, which this portal does
// not use, cost the first screen about 10 KB gzip.
import { Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { RequireAuth } from '@/components/require-auth'
import { routeModules } from './route-modules'

const AuthFrame = routeModules.authFrame.Component
const AppFrame = routeModules.appFrame.Component
const Login = routeModules.login.Component
const Signup = routeModules.signup.Component
const EmailRequest = routeModules.emailRequest.Component
const SignupContinue = routeModules.signupContinue.Component
const ForgotPassword = routeModules.forgotPassword.Component
const ResetPassword = routeModules.resetPassword.Component
const Terms = routeModules.terms.Component
const MyJobs = routeModules.myJobs.Component
const CreateJob = routeModules.createJob.Component
const TemplateManagement = routeModules.templateManagement.Component

/**
 * A page inside its frame, with its own Suspense boundary: the frame (the auth layout, or the header
 * and sidebar) shows as soon as its own chunk has arrived, without waiting for the page's, and stays
 * on screen while the next page loads.
 */
function page(Page: ComponentType) {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  )
}

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/dashboard" element={<Navigate to="/my-jobs" replace />} />
        <Route element={<AuthFrame />}>
          <Route path="/login" element={page(Login)} />
          <Route path="/signup" element={page(Signup)} />
          <Route path="/emailrequest" element={page(EmailRequest)} />
          <Route path="/signup/continue" element={page(SignupContinue)} />
          <Route path="/forgot-password" element={page(ForgotPassword)} />
          <Route path="/reset-password" element={page(ResetPassword)} />
        </Route>
        <Route path="/terms" element={<Terms />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppFrame />}>
            <Route path="/my-jobs" element={page(MyJobs)} />
            <Route path="/create-job" element={page(CreateJob)} />
            <Route path="/template-management" element={page(TemplateManagement)} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  )
}
