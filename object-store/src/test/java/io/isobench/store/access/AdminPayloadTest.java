package io.isobench.store.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The admin API's body encryption, byte for byte as MinIO's own code writes it: the expected digests come from
 * secure-io/sio-go v0.3.1 and golang.org/x/crypto/pbkdf2 (madmin EncryptData's PBKDF2 + AES-256-GCM path, id 0x02) with
 * the same password, salt, nonce and data. Sizes around sio's 16 KiB fragment: empty, short, exactly one, several.
 */
class AdminPayloadTest {

    @Test
    void sealsLikeMadminEncryptDataForEveryFragmentCount() throws Exception {
        byte[] salt = new byte[32];
        byte[] nonce = new byte[8];
        Arrays.fill(salt, (byte) 0x11);
        Arrays.fill(nonce, (byte) 0x22);
        assertSealed(0, salt, nonce, 57, "222c65b809b5772d77ed8966c1ada56dd05f4aeabf70ca0bf7315976b3f1f552");
        assertSealed(5, salt, nonce, 62, "7073f6a847100981b92e8d1beea7d6ef5253339c940eecedfd4c187fe7fd85d5");
        assertSealed(16384, salt, nonce, 16441, "be33773967cc3279b2aed937d837b7278eca6df6d8f9a2e20e995d84cb5ae1cc");
        assertSealed(40000, salt, nonce, 40089, "19bed9fd874ff5109314874247cbfd8d927864b55aedcd2a690f3718614ce8f8");
    }

    @Test
    void eachSealHasItsOwnSaltAndNonce() {
        byte[] a = AdminPayload.encrypt("operator-secret", "{}".getBytes(StandardCharsets.UTF_8));
        byte[] b = AdminPayload.encrypt("operator-secret", "{}".getBytes(StandardCharsets.UTF_8));
        assertThat(a[32]).isEqualTo(AdminPayload.PBKDF2_AES_GCM);
        assertThat(Arrays.copyOf(a, 41)).isNotEqualTo(Arrays.copyOf(b, 41));
    }

    private static void assertSealed(int size, byte[] salt, byte[] nonce, int sealedSize, String sha256)
            throws Exception {
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (i * 7);
        }
        byte[] sealed = AdminPayload.encrypt("operator-secret", data, salt, nonce);
        assertThat(sealed).as(size + " bytes").hasSize(sealedSize);
        assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(sealed)))
                .as(size + " bytes")
                .isEqualTo(sha256);
    }
}
