# Random inputs for the parity goldens (see record): argv[1] seeds, argv[2] is the output.
import json, random, sys
random.seed(int(sys.argv[1]))
cases=[]
for i in range(300):
    sep=random.choice([' ',',',', ',';',':'])
    kv=random.choice(['','=',':'])
    items=[random.choice(['a','b','ab','a=1','b:2','-x','a:3',' c ']) for _ in range(random.randint(0,5))]
    v=sep.join(items)
    if random.random()<0.3: v=random.choice(['"',"'"])+v+random.choice(['"',"'"])
    if random.random()<0.1: v=v.replace(sep, sep+sep)
    cases.append({'value':v,'has':random.random()<0.9,'sep':sep,'quote':random.choice(['','"',"'"]),'kv':kv,
      'exact':random.random()<0.2,'sub':random.choice(['a','b','ab','c','-x']),'op':random.choice(['set','set','remove']),
      'new':random.choice(['1','','v']),'it':random.choice(['start','end','before','after','index']),
      'iv':random.choice(['a','b','zz','0','1','3','9','-1'])})
json.dump(cases,open(sys.argv[2],'w'))
