class a(Pattern[/^a/, /^b/] $p = 'zzz') { }
include a
