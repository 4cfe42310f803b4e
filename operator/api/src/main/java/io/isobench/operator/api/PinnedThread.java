package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Where one measured thread of a role runs, as its process reported. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PinnedThread {

    @JsonPropertyDescription("The thread's job: server, consumer…")
    private String role;

    @JsonPropertyDescription("The CPU it was pinned to; absent when none was left for it.")
    private Integer cpu;

    @JsonPropertyDescription("Whether the pinning took (the thread reads its affinity back as that one CPU).")
    private Boolean pinned;

    @JsonPropertyDescription("The affinity read back, or why pinning failed.")
    private String detail;

    public PinnedThread() {}

    public PinnedThread(String role, Integer cpu, Boolean pinned, String detail) {
        this.role = role;
        this.cpu = cpu;
        this.pinned = pinned;
        this.detail = detail;
    }

    public String getRole() {
        return role;
    }

    public void setRole(String role) {
        this.role = role;
    }

    public Integer getCpu() {
        return cpu;
    }

    public void setCpu(Integer cpu) {
        this.cpu = cpu;
    }

    public Boolean getPinned() {
        return pinned;
    }

    public void setPinned(Boolean pinned) {
        this.pinned = pinned;
    }

    public String getDetail() {
        return detail;
    }

    public void setDetail(String detail) {
        this.detail = detail;
    }
}
