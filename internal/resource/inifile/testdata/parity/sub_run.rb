# Runs inifile's own SettingValue over each case of ARGV[0] (a JSON list)
# and prints the outcomes as a JSON list.
module Puppet; module Util; end; end
require File.join(ENV.fetch('MODULES', '/tmp/ordoini-modules'), 'inifile/lib/puppet/util/setting_value.rb')
require 'json'
out = []
JSON.parse(File.read(ARGV[0])).each do |c|
  begin
    sv = Puppet::Util::SettingValue.new(c['has'] ? c['value'] : nil, c['sep'], c['quote'], c['kv'])
    exact = c['exact'] ? :true : :false
    ex = sv.get_subsetting_value(c['sub'], exact)
    cur = sv.get_subsetting_value(c['sub'])
    if c['op'] == 'set'
      sv.add_subsetting(c['sub'], c['new'], exact, c['it'].to_sym, c['iv'])
    else
      sv.remove_subsetting(c['sub'], exact)
    end
    out << { 'exists' => !ex.nil?, 'cur' => cur.is_a?(String) ? cur : nil, 'out' => sv.get_value }
  rescue StandardError => e
    out << { 'error' => e.class.to_s }
  end
end
puts JSON.generate(out)
