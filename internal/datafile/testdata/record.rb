# Records how Puppet's YAML reader (Psych safe_load with aliases and
# symbols, as Puppet::Util::Yaml.safe_load) types each entry of
# scalars.yaml: "key JSON-of-value Ruby-class", in scalars.golden.
require 'yaml'
require 'json'
d = YAML.safe_load(File.read(File.join(__dir__, 'scalars.yaml')), permitted_classes: [Symbol], aliases: true)
File.open(File.join(__dir__, 'scalars.golden'), 'w') do |f|
  d.each do |k, v|
    v = v.to_s if v.is_a?(Symbol)
    f.puts "#{k} #{JSON.generate([v], allow_nan: true)[1..-2]} #{v.class}"
  end
end
