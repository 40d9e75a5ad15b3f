package resource

import (
	"context"
	"testing"
)

func TestPresence(t *testing.T) {
	for _, tc := range []struct {
		want, exists bool
		cur, des     string
		inSync       bool
		msg, event   string
	}{
		{true, false, "absent", "present", false, "created", "ordotest_created"},
		{false, true, "present", "absent", false, "removed", "ordotest_removed"},
		{true, true, "present", "present", true, "created", "ordotest_created"},
		{false, false, "absent", "absent", true, "removed", "ordotest_removed"},
	} {
		var created, removed bool
		p := &Presence{
			Type:   "ordotest",
			Want:   tc.want,
			Exists: func() bool { return tc.exists },
			Create: func(context.Context, *Handle) error { created = true; return nil },
			Remove: func(context.Context, *Handle) error { removed = true; return nil },
		}
		if p.Name() != "ensure" || p.Current() != tc.cur || p.Desired() != tc.des || p.InSync() != tc.inSync || p.Message() != tc.msg || p.Event() != tc.event {
			t.Errorf("want=%v exists=%v: got %v %v %v %q %q", tc.want, tc.exists, p.Current(), p.Desired(), p.InSync(), p.Message(), p.Event())
		}
		if err := p.Sync(context.Background(), &Handle{}); err != nil {
			t.Fatal(err)
		}
		if created != tc.want || removed == tc.want {
			t.Errorf("want=%v: created=%v removed=%v", tc.want, created, removed)
		}
	}
}
