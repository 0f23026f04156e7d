// The portal's one transport to its API (the modules are in ./transport/): JSON calls, file downloads
// and uploads with progress, one refresh path, one 403 path and one error type. Features import it
// from here.
export { ApiError, type ApiErrorInit, type ApiErrorKind } from './transport/api-error'
export { apiBlob, apiRequest, apiRequestIfChanged, apiRequestWithHeaders, apiUrl, newIdempotencyKey } from './transport/request'
export type { Conditional, JsonRequestOptions, RequestOptions, UploadProgress } from './transport/request'
export { bearerToken, endSessionOnForbidden, refreshAccessToken, refreshSession, setForbiddenHandler, type RefreshOutcome } from './transport/session-token'
export { downloadFile, fileBaseName, fileUrl, FILE_KIND, saveFile, type FileKind } from './transport/download'
