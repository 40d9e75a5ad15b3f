module github.com/ordoproject/ordo

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	github.com/google/renameio/v2 v2.0.2 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
