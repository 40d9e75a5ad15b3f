# Runs inifile's own IniFile over each case of ARGV[0] (a JSON list), in
# the file ARGV[1], and prints the outcomes as a JSON list.
module Puppet; module Util; end; end
lib = File.join(ENV.fetch('MODULES', '/tmp/ordoini-modules'), 'inifile/lib/puppet/util')
require File.join(lib, 'ini_file.rb')
require 'json'
out = []
JSON.parse(File.read(ARGV[0])).each do |c|
  path = ARGV[1]
  File.write(path, c['content'])
  begin
    ini = Puppet::Util::IniFile.new(path, c['sep'], c['prefix'], c['suffix'], c['ichar'], c['iwidth'])
    val = ini.get_value(c['section'], c['setting'])
    case c['op']
    when 'set' then ini.set_value(c['section'], c['setting'], c['sep'], c['value'])
    when 'remove' then ini.remove_setting(c['section'], c['setting']) if ini.section?(c['section'])
    when 'addsec' then ini.set_value(c['section'])
    end
    ini.save
    out << { 'value' => val, 'has' => !val.nil?, 'out' => File.read(path) }
  rescue StandardError => e
    out << { 'error' => e.class.to_s }
  end
end
puts JSON.generate(out)
