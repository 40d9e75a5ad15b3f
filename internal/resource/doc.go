// Package resource defines what a resource type is to ordo: its schema,
// how an instance reads and changes the machine property by property, and
// the optional abilities (refresh, flush, prefetch, auto-relationships)
// the engine looks for by type assertion. Types are collected in a
// Registry built by the caller.
//
// # The schema
//
// A type's Schema is the one source of truth about it. It declares:
//
//   - its attributes ([Attr]): name; kind (KindProperty for state on the
//     machine, KindParam for settings that steer the provider, KindMeta
//     for the metaparameters NewSchema adds to every type); whether it is
//     the namevar; its default; a one-line doc; the [Check] that munges
//     and validates its values with Puppet's error text; how a list value
//     is read ([Arrays]); the provider feature it needs; or why ordo
//     refuses it (Unsupported);
//   - its title patterns, which give the namevar from the title (File's
//     strips trailing slashes);
//   - whether it is isomorphic, which makes the namevar's value its
//     uniqueness key: two resources with one key are Puppet's "Cannot
//     alias" error (NonIsomorphic types such as exec are told apart by
//     title alone);
//   - its features and providers ([Provider]), each with confines
//     (commands, facts; checked against a [Host], [LocalHost] for the
//     machine), a default flag, and optional batch prefetch and instance
//     listing; Puppet's providers ordo lacks are declared Unimplemented, so
//     that a resource naming one fails alone ([NotFunctional]) as in
//     Puppet;
//   - the parameters it redacts itself when sensitive (Redacts);
//   - Validate, the checks over several attributes ("Validation of
//     File[/x] failed: ...").
//
// Shared checks: [Boolean] (true, false), [YesNo] (Puppet's Boolean
// parameters), [Enum] and [EnumCheck] (names, aliases, patterns),
// [IntegerCheck] (with range; [MaxID] bounds uids and gids),
// [NumberCheck], [AbsPathCheck], [ModeCheck], [StringOnly], [ArrayOf],
// and [CheckFunc] (or [CheckFuncString] for a namevar, see
// [StringMunger]) for a type's own rules. A check returns the value it
// was given when it does not change it: good values must not allocate.
//
// # Checking and construction
//
// [Schema.Check] checks a catalog resource as Puppet's agent does when it
// turns the catalog into resources: attributes in Puppet's order
// (namevar, provider, properties, parameters, metaparameters), then
// unknown names (with a "did you mean"), then Validate. Its errors are
// [ParamError] ("Parameter mode failed on File[/x]: ..."; a [MungeError]
// from a check gets Puppet's "Munging failed for value ..." wording),
// [UnknownParamError] and [ValidationError]; [TypeError] (Ruby's "no
// implicit conversion") and [NilValueError] are Puppet's unwrapped
// refusals, shown without a location. Good values allocate nothing.
// [Schema.SensitiveNotes] gives Puppet's notes on sensitive_parameters it
// cannot honour.
//
// A type's New then gets [Values]: munged values with Sensitive wrappers
// removed and defaults filled in (Values.Get, String, Bool, Strings,
// Lookup, Has, Level, Provider, Dropped). New never sees a value its
// schema refuses, so it is a small function from checked values to an
// instance. [Registry.Instantiate] and [Instantiate] do both steps.
//
// # For front ends and tools
//
// The Puppet compiler reads namevars ([Schema.Namevar]), title patterns
// ([Schema.TitleValue]), defaults (Attr.Default) and valid values
// (Attr.Check, whose Describe says what is valid) at compile time, and
// can run Schema.Check early. Salt maps state arguments onto the same
// attributes by name ([Schema.Attr]). ordo describe prints the schema.
// The graph finds resources by uniqueness key ([Schema.UniquenessKey],
// [Schema.KeyOfTitle]) rather than by type name.
//
// A new type declares its Schema with NewSchema once (a package
// variable: it is never changed after) and implements [Type]:
//
//	var schema = resource.NewSchema(resource.Schema{
//		Name: "motd",
//		Attrs: []resource.Attr{
//			{Name: "path", Namevar: true, Check: resource.AbsPathCheck{Msg: "File paths must be fully qualified, not '%s'"}},
//			{Name: "ensure", Kind: resource.KindProperty, Check: resource.Enum("present", "absent")},
//		},
//		Providers: []resource.Provider{{Name: "posix", Default: true}},
//	})
//
//	func (Type) Schema() *resource.Schema { return schema }
//	func (Type) New(v resource.Values) (resource.Instance, error) { ... v.String("path") ... }
package resource
