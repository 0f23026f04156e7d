// Every route of portal-spec.md §2 with its redirects. Pages load lazily so the first screen pays
// only for itself. The declarative router is used because the data router's loaders and actions,
// which this portal does not use, cost the first screen about 10 KB gzip.
import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { RequireAuth } from '@/components/require-auth'

const AuthFrame = lazy(() => import('./routes/auth-frame'))
const AppFrame = lazy(() => import('./routes/app-frame'))
const Login = lazy(() => import('./routes/login'))
const Signup = lazy(() => import('./routes/signup'))
const EmailRequest = lazy(() => import('./routes/email-request'))
const SignupContinue = lazy(() => import('./routes/signup-continue'))
const ForgotPassword = lazy(() => import('./routes/forgot-password'))
const ResetPassword = lazy(() => import('./routes/reset-password'))
const Terms = lazy(() => import('./routes/terms'))
const MyJobs = lazy(() => import('./routes/my-jobs'))
const CreateJob = lazy(() => import('./routes/create-job'))
const TemplateManagement = lazy(() => import('./routes/template-management'))

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/dashboard" element={<Navigate to="/my-jobs" replace />} />
        <Route element={<AuthFrame />}>
          <Route path="/login" element={<Login />} />
          <Route path="/signup" element={<Signup />} />
          <Route path="/emailrequest" element={<EmailRequest />} />
          <Route path="/signup/continue" element={<SignupContinue />} />
          <Route path="/forgot-password" element={<ForgotPassword />} />
          <Route path="/reset-password" element={<ResetPassword />} />
        </Route>
        <Route path="/terms" element={<Terms />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppFrame />}>
            <Route path="/my-jobs" element={<MyJobs />} />
            <Route path="/create-job" element={<CreateJob />} />
            <Route path="/template-management" element={<TemplateManagement />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  )
}
