import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software WebAuthn authenticator for integration tests (ADR 0061): what a browser and a
 * platform authenticator answer to registration and sign-in options, built by hand (ES256 keys,
 * "none" attestation, WebAuthn §6.1 authenticator data, §6.5 attested credential data), so the
 * server's real verification through @simplewebauthn/server runs without a browser. It always
 * verifies the user (UV) and reports a synced passkey (backup eligible and backed up) unless told
 * otherwise; its signature counter counts up from 1, or stays 0 with `counter: "none"`.
 */

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

type Json = Record<string, unknown>;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Flags of authenticator data (WebAuthn §6.1): user present, user verified, backup eligible/state, attested data. */
const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export class SoftAuthenticator {
  readonly credentials = new Map<string, SoftCredential>();

  constructor(
    private readonly origin: string,
    private readonly options: { counter?: "counting" | "none"; synced?: boolean } = {},
  ) {}

  private flags(extra = 0): number {
    const synced = this.options.synced ?? true;
    return FLAG.UP | FLAG.UV | (synced ? FLAG.BE | FLAG.BS : 0) | extra;
  }

  private clientData(
    type: "webauthn.create" | "webauthn.get",
    challenge: string,
    origin = this.origin,
  ): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /**
   * Answers `startRegistration()` options (PublicKeyCredentialCreationOptionsJSON) as a browser
   * would: a new ES256 key pair for `options.rp.id`.
   * @param overrides.origin answer as if from another origin (a phishing page)
   */
  register(options: Json, overrides: { origin?: string } = {}): Json {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y, "base64url"))],
    ]);
    const credentialId = randomBytes(16);
    const counter = 0;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([this.flags(FLAG.AT)]),
      counterBytes(counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    const id = b64url(credentialId);
    this.credentials.set(id, { id, privateKey, userHandle: user.id, counter });
    return {
      id,
      rawId: id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(
          this.clientData("webauthn.create", options.challenge as string, overrides.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
    };
  }

  /**
   * Answers `startAuthentication()` options (PublicKeyCredentialRequestOptionsJSON) with the
   * credential `id` (the only one when not given), counting its signature counter up.
   * @param overrides.origin answer as if from another origin; overrides.counter send this counter
   */
  authenticate(options: Json, id?: string, overrides: { origin?: string; counter?: number } = {}): Json {
    const credential = id ? this.credentials.get(id) : [...this.credentials.values()][0];
    if (!credential) throw new Error("no such credential");
    if (this.options.counter !== "none") credential.counter++;
    const counter = overrides.counter ?? credential.counter;
    const authData = Buffer.concat([
      sha256(options.rpId as string),
      Buffer.from([this.flags()]),
      counterBytes(counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge as string, overrides.origin);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}
