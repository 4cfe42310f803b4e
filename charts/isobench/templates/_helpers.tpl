{{/* Names and labels shared by every template. Object names only: the app.kubernetes.io/name labels (and so selectors) stay put. */}}
{{- define "isobench.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 50 | trimSuffix "-" -}}
{{- end -}}

{{- define "isobench.fullname" -}}
{{- if .Values.fullnameOverride -}}{{ .Values.fullnameOverride | trunc 50 | trimSuffix "-" }}
{{- else -}}
{{- $name := include "isobench.name" . -}}
{{- if contains $name .Release.Name -}}{{ .Release.Name | trunc 50 | trimSuffix "-" }}{{- else -}}{{ printf "%s-%s" .Release.Name $name | trunc 50 | trimSuffix "-" }}{{- end -}}
{{- end -}}
{{- end -}}

{{/* The operator's ServiceAccount: the one the chart creates, or an existing one (serviceAccount.create false). */}}
{{- define "isobench.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}{{ default (printf "%s-operator" (include "isobench.fullname" .)) .Values.serviceAccount.name }}
{{- else -}}{{ required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name }}
{{- end -}}
{{- end -}}

{{/* imagePullSecrets of a pod spec, at the indentation of its other keys. */}}
{{- define "isobench.imagePullSecrets" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
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
