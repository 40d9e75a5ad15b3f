package postgresql

import "github.com/ordoproject/ordo/internal/resource"

// NewTypes returns postgresql_psql, postgresql_conf and
// postgresql_conn_validator and postgresql_replication_slot.
func NewTypes() []resource.Type {
	return []resource.Type{NewPsqlType(), NewConfType(nil), NewValidatorType(), NewSlotType()}
}
