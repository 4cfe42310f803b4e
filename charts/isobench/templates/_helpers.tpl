{{/* Names and labels shared by every template. */}}
{{- define "isobench.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}{{ .Release.Name | trunc 50 | trimSuffix "-" }}{{- else -}}{{ printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" }}{{- end -}}
{{- end -}}

{{- define "isobench.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
app.kubernetes.io/part-of: isobench
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "isobench.operatorSelector" -}}
app.kubernetes.io/name: isobench-operator
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "isobench.minioSelector" -}}
app.kubernetes.io/name: isobench-minio
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Runner pods of every run (labels the operator puts on them: RunnerWorkload.runLabels). */}}
{{- define "isobench.runnerSelector" -}}
app.kubernetes.io/name: isobench-runner
app.kubernetes.io/managed-by: isobench-operator
{{- end -}}

{{/* NetworkPolicy egress rule: DNS (the store is usually named, not an address). */}}
{{- define "isobench.networkPolicy.dnsEgress" -}}
- to:
    {{- toYaml .Values.networkPolicy.dns | nindent 4 }}
  ports:
    - {protocol: UDP, port: 53}
    - {protocol: TCP, port: 53}
{{- end -}}

{{/*
NetworkPolicy egress rule: the object store. The in-chart MinIO by its pods; an external one on store.endpoint's port, at
networkPolicy.storeTo, else at the endpoint's address when it is one, else anywhere.
*/}}
{{- define "isobench.networkPolicy.storeEgress" -}}
{{- if and .Values.minio.enabled (not .Values.store.endpoint) -}}
- to:
    - podSelector:
        matchLabels:
          {{- include "isobench.minioSelector" . | nindent 10 }}
  ports:
    - {protocol: TCP, port: 9000}
{{- else -}}
{{- $url := urlParse (include "isobench.storeEndpoint" .) -}}
{{- $port := eq $url.scheme "https" | ternary "443" "80" -}}
{{- if ne $url.host $url.hostname }}{{ $port = last (splitList ":" $url.host) }}{{ end -}}
- ports:
    - {protocol: TCP, port: {{ $port }}}
  {{- if .Values.networkPolicy.storeTo }}
  to:
    {{- toYaml .Values.networkPolicy.storeTo | nindent 4 }}
  {{- else if regexMatch "^[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+$" $url.hostname }}
  to:
    - ipBlock: {cidr: {{ printf "%s/32" $url.hostname | quote }}}
  {{- end }}
{{- end -}}
{{- end -}}

{{/* Where runner Jobs run (and their upload-grant Secrets live). */}}
{{- define "isobench.runNamespace" -}}
{{- default .Release.Namespace .Values.runner.namespace -}}
{{- end -}}

{{/* The operator's own MinIO credential (release namespace). */}}
{{- define "isobench.storeOperatorSecret" -}}
{{- default (printf "%s-store-operator" (include "isobench.fullname" .)) .Values.store.operator.existingSecret -}}
{{- end -}}

{{/* The admin credential: the in-chart MinIO's root user, or an external MinIO's admin for the set-up job (release namespace). */}}
{{- define "isobench.storeAdminSecret" -}}
{{- default (printf "%s-store-admin" (include "isobench.fullname" .)) .Values.store.admin.existingSecret -}}
{{- end -}}

{{- define "isobench.storeEndpoint" -}}
{{- if .Values.store.endpoint -}}{{ .Values.store.endpoint }}
{{- else if .Values.minio.enabled -}}{{ printf "http://%s-minio.%s.svc:9000" (include "isobench.fullname" .) .Release.Namespace }}
{{- else -}}{{ fail "store.endpoint is required when minio.enabled is false" }}
{{- end -}}
{{- end -}}

{{- define "isobench.siteUrl" -}}
{{- if .Values.site.url -}}{{ .Values.site.url }}{{- else -}}{{ printf "%s/%s/site/index.html" (include "isobench.storeEndpoint" .) .Values.store.bucket }}{{- end -}}
{{- end -}}

{{/* Prometheus Operator objects: on when asked, or (null) when the cluster serves monitoring.coreos.com/v1. */}}
{{- define "isobench.monitoring" -}}
{{- $switch := index . 0 -}}{{- $root := index . 1 -}}
{{- if kindIs "bool" $switch -}}{{ $switch }}{{- else -}}{{ $root.Capabilities.APIVersions.Has "monitoring.coreos.com/v1" }}{{- end -}}
{{- end -}}

{{- define "isobench.image" -}}
{{- printf "%s:%s" .image.repository (default .chart.AppVersion .image.tag) -}}
{{- end -}}

{{/* The ConfigMap holding the kubelets' CA (key ca.crt), or nothing: the operator then trusts the cluster's CA. */}}
{{- define "isobench.kubeletCaConfigMap" -}}
{{- if .Values.kubelet.caConfigMap -}}{{ .Values.kubelet.caConfigMap }}
{{- else if .Values.kubelet.caBundle -}}{{ printf "%s-kubelet-ca" (include "isobench.fullname" .) }}
{{- end -}}
{{- end -}}
