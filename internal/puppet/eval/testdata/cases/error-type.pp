$e = Error('went wrong', 'my/kind', { 'a' => 1 }, 'ISSUE')
notify { 'error':
  message => [$e.message, $e.kind, $e.details, $e.issue_code, $e =~ Error, $e =~ Error['my/kind'], $e =~ Error['other'], "${e}", type($e)],
}
