package io.isobench.store.access;

import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The encryption MinIO's admin API wants around request bodies that carry secrets (madmin {@code EncryptData}):
 * {@code salt(32) | algorithm id(1) | nonce(8) | sio stream}, the key derived from the caller's own secret key.
 * Of the three algorithm ids the server decrypts we write {@code 0x02}, PBKDF2-SHA256 (8192 rounds) with AES-256-GCM,
 * the one the JDK has (the others need Argon2id). The stream is sio-go's: 16 KiB fragments sealed with
 * {@code nonce || seq (uint32, little endian)}; the associated data is a flag byte (0x80 on the final fragment) and
 * the tag of an empty seal at sequence 0.
 */
final class AdminPayload {

    static final byte PBKDF2_AES_GCM = 0x02;
    private static final int SALT_BYTES = 32;
    private static final int NONCE_BYTES = 8;
    private static final int PBKDF2_ROUNDS = 8192;
    private static final int FRAGMENT = 1 << 14;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private AdminPayload() {}

    /** {@code plaintext} sealed for a server that knows {@code secretKey} (the signing credential's secret). */
    static byte[] encrypt(String secretKey, byte[] plaintext) {
        byte[] salt = new byte[SALT_BYTES];
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(salt);
        RANDOM.nextBytes(nonce);
        return encrypt(secretKey, plaintext, salt, nonce);
    }

    static byte[] encrypt(String secretKey, byte[] plaintext, byte[] salt, byte[] nonce) {
        try {
            var key = new SecretKeySpec(
                    SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                            .generateSecret(new PBEKeySpec(secretKey.toCharArray(), salt, PBKDF2_ROUNDS, 256))
                            .getEncoded(),
                    "AES");
            var out = new ByteArrayOutputStream(salt.length + 1 + nonce.length + plaintext.length + 64);
            out.writeBytes(salt);
            out.write(PBKDF2_AES_GCM);
            out.writeBytes(nonce);
            byte[] associated = new byte[1 + TAG_BITS / 8];
            System.arraycopy(seal(key, nonce, 0, new byte[0], 0, 0, new byte[0]), 0, associated, 1, TAG_BITS / 8);
            int seq = 1;
            int offset = 0;
            // every full fragment but the last is sealed as non-final; the rest (possibly empty) closes the stream
            while (plaintext.length - offset > FRAGMENT) {
                out.writeBytes(seal(key, nonce, seq++, plaintext, offset, FRAGMENT, associated));
                offset += FRAGMENT;
            }
            associated[0] = (byte) 0x80;
            out.writeBytes(seal(key, nonce, seq, plaintext, offset, plaintext.length - offset, associated));
            return out.toByteArray();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM lacks PBKDF2WithHmacSHA256 or AES/GCM: " + e.getMessage(), e);
        }
    }

    private static byte[] seal(
            SecretKeySpec key, byte[] nonce, int seq, byte[] data, int offset, int length, byte[] associated)
            throws GeneralSecurityException {
        byte[] iv = new byte[12];
        System.arraycopy(nonce, 0, iv, 0, NONCE_BYTES);
        iv[8] = (byte) seq;
        iv[9] = (byte) (seq >>> 8);
        iv[10] = (byte) (seq >>> 16);
        iv[11] = (byte) (seq >>> 24);
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
        gcm.updateAAD(associated);
        return gcm.doFinal(data, offset, length);
    }
}
