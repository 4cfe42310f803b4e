package io.isobench.runner.targets.ipc;

/** The service interface: the publisher calls it through a Chronicle method writer, the consumer is called back on it. */
public interface OrderListener {
    void newOrderSingle(NewOrderSingle order);
}
