class tpl { }
