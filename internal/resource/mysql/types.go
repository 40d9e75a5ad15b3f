package mysql

import "github.com/ordoproject/ordo/internal/resource"

// NewTypes returns mysql_database, mysql_user, mysql_grant and mysql_plugin, which find
// the server as cfg says.
func NewTypes(cfg Config) []resource.Type {
	return []resource.Type{newDatabaseType(cfg), newUserType(cfg), newGrantType(cfg), newPluginType(cfg)}
}
