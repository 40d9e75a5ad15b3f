# Random inputs for the parity goldens (see record): argv[1] seeds, argv[2] is the output.
import json, random, sys, re
random.seed(int(sys.argv[1]))
names=['a','b','c','k k','x']
secs=['', 'main', 'other', ' sp ']
WS=' \\t\\r\\n\\f\\v'
def line(sep,P,S):
    r=random.random()
    n=random.choice(names)
    if r<0.35: return random.choice(['','  ','\t'])+n+random.choice([sep, sep.strip() or ' ', ' '+(sep.strip() or ' ')+' '])+random.choice(['1','v v','', ' x ', 'y\r'])
    if r<0.5: return random.choice(['#',';','# ','  #'])+n+' = old'
    if r<0.65: return random.choice(['','  ','\t',' \r'])
    if r<0.85: return random.choice([P,'  '+P]) +random.choice(secs[1:])+random.choice([S,S+' ',S+' #'])
    return random.choice(['junk','= v','#comment','[[x]]'])
cases=[]
for i in range(300):
    sep=random.choice([' = ','=',': ',' ','=>',' : ','\t'])
    P,S=random.choice([('[',']'),('<','>'),('(',')'),('[[',']]'),('.','.')])
    content='\n'.join(line(sep,P,S) for _ in range(random.randint(0,10)))
    if random.random()<0.7 and content: content+='\n'
    if random.random()<0.2: content=content.replace('\n','\r\n')
    pat=re.compile('^['+WS+']*'+re.escape(P)+'(.*)'+re.escape(S)+'['+WS+']*$')
    hs=[m.group(1) for l in content.split('\n') for m in [pat.match(l.rstrip('\n'))] if m]
    if len(hs)!=len(set(hs)): continue
    op=random.choice(['set','set','remove','addsec'])
    cases.append({'content':content,'sep':sep,'prefix':P,'suffix':S,'ichar':random.choice([' ','\t']),'iwidth':random.choice([None,None,2]),
       'section':random.choice(secs),'setting':random.choice(names),'value':random.choice(['new','1','']),'op':op})
json.dump(cases,open(sys.argv[2],'w'))
