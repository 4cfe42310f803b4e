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

{{/* Where runner Jobs run (and the store Secret lives). */}}
{{- define "isobench.runNamespace" -}}
{{- default .Release.Namespace .Values.runner.namespace -}}
{{- end -}}

{{- define "isobench.storeSecret" -}}
{{- default (printf "%s-store" (include "isobench.fullname" .)) .Values.store.existingSecret -}}
{{- end -}}

{{- define "isobench.storeEndpoint" -}}
{{- if .Values.store.endpoint -}}{{ .Values.store.endpoint }}
{{- else if .Values.minio.enabled -}}{{ printf "http://%s-minio.%s.svc:9000" (include "isobench.fullname" .) .Release.Namespace }}
{{- else -}}{{ fail "store.endpoint is required when minio.enabled is false" }}
{{- end -}}
{{- end -}}

{{/* Where a person opens the site: site.url; else the Ingress; else, in front of the in-chart MinIO, the port-forward NOTES prints. */}}
{{- define "isobench.siteUrl" -}}
{{- $path := printf "%s/site/index.html" .Values.store.bucket -}}
{{- if .Values.site.url -}}{{ .Values.site.url }}
{{- else if .Values.site.ingress.enabled -}}{{ printf "%s://%s/%s" (ternary "https" "http" (ne .Values.site.ingress.tlsSecret "")) .Values.site.ingress.host $path }}
{{- else if and .Values.minio.enabled (not .Values.store.endpoint) -}}{{ printf "http://127.0.0.1:%v/%s" .Values.site.localPort $path }}
{{- else -}}{{ printf "%s/%s" (include "isobench.storeEndpoint" .) $path }}
{{- end -}}
{{- end -}}

{{/* Prometheus Operator objects: on when asked, or (null) when the cluster serves monitoring.coreos.com/v1. */}}
{{- define "isobench.monitoring" -}}
{{- $switch := index . 0 -}}{{- $root := index . 1 -}}
{{- if kindIs "bool" $switch -}}{{ $switch }}{{- else -}}{{ $root.Capabilities.APIVersions.Has "monitoring.coreos.com/v1" }}{{- end -}}
{{- end -}}

{{/* An image under image.registry: pinned by its digest when it has one (the tag is then not used), else its tag. */}}
{{- define "isobench.image" -}}
{{- $name := printf "%s/%s" .root.Values.image.registry .image.repository -}}
{{- if .image.digest -}}{{ printf "%s@%s" $name .image.digest }}
{{- else -}}{{ printf "%s:%s" $name (default .root.Chart.AppVersion .image.tag) }}
{{- end -}}
{{- end -}}

{{/* The ConfigMap holding the kubelets' CA (key ca.crt), or nothing: the operator then trusts the cluster's CA. */}}
{{- define "isobench.kubeletCaConfigMap" -}}
{{- if .Values.kubelet.caConfigMap -}}{{ .Values.kubelet.caConfigMap }}
{{- else if .Values.kubelet.caBundle -}}{{ printf "%s-kubelet-ca" (include "isobench.fullname" .) }}
{{- end -}}
{{- end -}}
