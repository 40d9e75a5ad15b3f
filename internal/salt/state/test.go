package state

import (
	"context"
	"fmt"
	"strings"
)

func testChanges() Changes {
	return Changes{"testing": map[string]any{"old": "Unchanged", "new": "Something pretended to change"}}
}

func addTest(f Functions) {
	f["test.nop"] = func(ctx context.Context, env *Env, c Call) Return {
		return Return{Result: True, Changes: Changes{}, Comment: "Success!"}
	}
	f["test.succeed_without_changes"] = func(ctx context.Context, env *Env, c Call) Return {
		return Return{Result: True, Changes: Changes{}, Comment: commentOr(c.Args, "Success!")}
	}
	f["test.fail_without_changes"] = func(ctx context.Context, env *Env, c Call) Return {
		r := Return{Result: False, Changes: Changes{}, Comment: commentOr(c.Args, "Failure!")}
		if c.Test {
			r.Comment = "If we weren't testing, this would be a failure!"
		}
		return r
	}
	f["test.succeed_with_changes"] = func(ctx context.Context, env *Env, c Call) Return {
		r := Return{Result: True, Changes: testChanges(), Comment: commentOr(c.Args, "Success!")}
		if c.Test {
			r.Result, r.Comment = None, "If we weren't testing, this would be successful with changes"
		}
		return r
	}
	f["test.fail_with_changes"] = func(ctx context.Context, env *Env, c Call) Return {
		r := Return{Result: False, Changes: testChanges(), Comment: commentOr(c.Args, "Failure!")}
		if c.Test {
			r.Result, r.Comment = None, "If we weren't testing, this would be failed with changes"
		}
		return r
	}
	f["test.configurable_test_state"] = func(ctx context.Context, env *Env, c Call) Return {
		comment := str(c.Args, "comment")
		r := Return{Result: False, Changes: Changes{}, Comment: comment}
		changes := true
		if v, ok := c.Args["changes"]; ok {
			b, isBool := v.(bool)
			if !isBool {
				return Return{Result: False, Changes: Changes{}, Comment: "An exception occurred in this state: You have specified the state option 'changes' with invalid arguments. It must be either True, False, or 'Random'"}
			}
			changes = b
		}
		if changes {
			r.Changes = testChanges()
		}
		result := true
		if v, ok := c.Args["result"]; ok {
			b, isBool := v.(bool)
			if !isBool {
				return Return{Result: False, Changes: Changes{}, Comment: "An exception occurred in this state: You have specified the state option 'result' with invalid arguments. It must be either True, False, or 'Random'"}
			}
			result = b
		}
		if result {
			r.Result = True
		}
		if c.Test {
			r.Result = None
			if !changes {
				r.Result = True
			}
			if comment == "" {
				r.Comment = "This is a test"
			}
		}
		return r
	}
	f["test.show_notification"] = func(ctx context.Context, env *Env, c Call) Return {
		text := str(c.Args, "text")
		if text == "" {
			return Return{Result: False, Changes: Changes{}, Comment: "An exception occurred in this state: Missing required argument text."}
		}
		return Return{Result: True, Changes: Changes{}, Comment: text}
	}
	f["test.mod_watch"] = func(ctx context.Context, env *Env, c Call) Return {
		r := Return{Result: True, Comment: commentOr(c.Args, "Watch statement fired.")}
		if v, ok := c.Args["result"].(bool); ok && !v {
			r.Result = False
		}
		changed := make([]any, len(c.WatchedChanges))
		for i, s := range c.WatchedChanges {
			changed[i] = s
		}
		r.Changes = Changes{"Requisites with changes": changed}
		if v, ok := c.Args["changes"].(map[string]any); ok {
			r.Changes = v
		}
		return r
	}
	f["test.fail_with_exception"] = func(ctx context.Context, env *Env, c Call) Return {
		return Return{Result: False, Changes: Changes{}, Comment: fmt.Sprintf("An exception occurred in this state: %s", strings.TrimSpace("Fake exception"))}
	}
}
