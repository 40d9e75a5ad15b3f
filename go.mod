module github.com/ordoproject/ordo

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/dlclark/regexp2 v1.12.0
	github.com/google/renameio/v2 v2.0.2
	github.com/rogpeppe/go-internal v1.16.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	go.yaml.in/yaml/v4 v4.0.0
	golang.org/x/sys v0.26.0
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
