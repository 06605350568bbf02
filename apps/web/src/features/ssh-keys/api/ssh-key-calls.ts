import type {
  SshKeyGenerateRequest,
  SshKeyGenerateResponse,
  SshKeyListResponse,
} from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v0/user/ssh-key`: the user's keys (public halves only). */
export function getSshKeys(signal?: AbortSignal): Promise<SshKeyListResponse> {
  return api.v0.get<SshKeyListResponse>('/user/ssh-key', { signal });
}

/** `POST /api/v0/user/ssh-key/generate`: the server makes a key pair and answers the public key. */
export function generateSshKey(body: SshKeyGenerateRequest): Promise<SshKeyGenerateResponse> {
  return api.v0.post<SshKeyGenerateResponse>('/user/ssh-key/generate', body);
}

/** `DELETE /api/v0/user/ssh-key/{name}`: removes the key; repos using it can no longer sync. */
export function deleteSshKey(name: string): Promise<unknown> {
  return api.v0.delete<unknown>(`/user/ssh-key/${encodeURIComponent(name)}`);
}
