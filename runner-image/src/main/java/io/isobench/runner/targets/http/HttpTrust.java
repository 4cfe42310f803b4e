package io.isobench.runner.targets.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** The TLS context of an https target: the JVM's trust store, or only the CA certificates of a PEM file. */
public final class HttpTrust {

    private HttpTrust() {}

    /** The JVM's default context: its trust store (cacerts) decides. */
    public static SSLContext jvmTrustStore() throws GeneralSecurityException {
        return SSLContext.getDefault();
    }

    /**
     * A context trusting exactly the certificates in {@code pem} (one or more PEM blocks).
     *
     * @throws IOException the file cannot be read, or holds no certificate
     */
    public static SSLContext caFile(Path pem) throws IOException, GeneralSecurityException {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(pem)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (java.security.cert.CertificateException e) {
            throw new IOException("holds no readable PEM certificate (" + e.getMessage() + ")", e);
        }
        if (certificates.isEmpty()) {
            throw new IOException("holds no PEM certificate");
        }
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        int i = 0;
        for (Certificate certificate : certificates) {
            store.setCertificateEntry("ca-" + i++, certificate);
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
