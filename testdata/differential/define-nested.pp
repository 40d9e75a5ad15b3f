define inner() { notify { "inner-${title}": } }
define outer() {
  notify { "outer-${title}": }
  inner { "${title}-i": }
}
notify { 'top1': }
outer { 'o1': }
outer { 'o2': }
notify { 'top2': }
Outer['o2'] -> Outer['o1']
