import { createHash, randomBytes } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';

/**
 * The SSH wire encoding (RFC 4251) of keys, written by hand so no dependency is needed: node:crypto
 * exports JWKs, OpenSSH wants its own formats. PKCS#8 PEM would do for RSA and ECDSA, but
 * `ssh` cannot read an Ed25519 PKCS#8 file, so every private key is written in the
 * `openssh-key-v1` format that `ssh-keygen` itself produces.
 */

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

/** An SSH `string`: a length, then the bytes. */
function sshString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value) : value;
  return Buffer.concat([uint32(bytes.length), bytes]);
}

/** An SSH `mpint`: positive, big-endian, minimal, with a zero byte when the top bit is set. */
function mpint(unsigned: Buffer): Buffer {
  let start = 0;
  while (start < unsigned.length - 1 && unsigned[start] === 0) start += 1;
  let bytes = unsigned.subarray(start);
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return sshString(bytes);
}

function b64(jwk: JsonWebKey, field: keyof JsonWebKey): Buffer {
  const value = jwk[field];
  if (typeof value !== 'string') throw new Error(`JWK has no ${String(field)}`);
  return Buffer.from(value, 'base64url');
}

/** The key type name OpenSSH writes in front of a public key. */
export function sshKeyType(jwk: JsonWebKey): string {
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'ssh-ed25519';
  if (jwk.kty === 'RSA') return 'ssh-rsa';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ecdsa-sha2-nistp256';
  throw new Error(`unsupported key type ${jwk.kty}/${jwk.crv}`);
}

/** The uncompressed EC point 0x04 || X || Y. */
function ecPoint(jwk: JsonWebKey): Buffer {
  return Buffer.concat([Buffer.from([4]), b64(jwk, 'x'), b64(jwk, 'y')]);
}

/** The public key blob (what the base64 part of an authorized_keys line decodes to). */
export function publicKeyBlob(jwk: JsonWebKey): Buffer {
  const type = sshKeyType(jwk);
  if (type === 'ssh-ed25519') return Buffer.concat([sshString(type), sshString(b64(jwk, 'x'))]);
  if (type === 'ssh-rsa') {
    return Buffer.concat([sshString(type), mpint(b64(jwk, 'e')), mpint(b64(jwk, 'n'))]);
  }
  return Buffer.concat([sshString(type), sshString('nistp256'), sshString(ecPoint(jwk))]);
}

/** `<type> <base64> <comment>`: one line of authorized_keys. */
export function openSshPublicKey(jwk: JsonWebKey, comment: string): string {
  return `${sshKeyType(jwk)} ${publicKeyBlob(jwk).toString('base64')} ${comment}`;
}

/** `SHA256:<unpadded base64>` of a public key blob, as `ssh-keygen -lf` prints it. */
export function fingerprintOfBlob(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** The key-type specific private fields of the openssh-key-v1 private section. */
function privateFields(jwk: JsonWebKey): Buffer {
  const type = sshKeyType(jwk);
  if (type === 'ssh-ed25519') {
    const pub = b64(jwk, 'x');
    return Buffer.concat([sshString(pub), sshString(Buffer.concat([b64(jwk, 'd'), pub]))]);
  }
  if (type === 'ssh-rsa') {
    return Buffer.concat([
      mpint(b64(jwk, 'n')),
      mpint(b64(jwk, 'e')),
      mpint(b64(jwk, 'd')),
      mpint(b64(jwk, 'qi')),
      mpint(b64(jwk, 'p')),
      mpint(b64(jwk, 'q')),
    ]);
  }
  return Buffer.concat([sshString('nistp256'), sshString(ecPoint(jwk)), mpint(b64(jwk, 'd'))]);
}

/** An unencrypted `-----BEGIN OPENSSH PRIVATE KEY-----` file, as `ssh` and `ssh-keygen -y` read it. */
export function openSshPrivateKey(jwk: JsonWebKey, comment: string): string {
  const check = randomBytes(4);
  let section = Buffer.concat([
    check,
    check,
    sshString(sshKeyType(jwk)),
    privateFields(jwk),
    sshString(comment),
  ]);
  const padding: number[] = [];
  for (let i = 1; (section.length + padding.length) % 8 !== 0; i += 1) padding.push(i);
  section = Buffer.concat([section, Buffer.from(padding)]);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    uint32(1),
    sshString(publicKeyBlob(jwk)),
    sshString(section),
  ]);
  const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}
