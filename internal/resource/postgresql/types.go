package postgresql

import "github.com/ordoproject/ordo/internal/resource"

// NewTypes returns postgresql_psql, postgresql_conf and
// postgresql_conn_validator.
func NewTypes() []resource.Type {
	return []resource.Type{NewPsqlType(), NewConfType(nil), NewValidatorType()}
}
