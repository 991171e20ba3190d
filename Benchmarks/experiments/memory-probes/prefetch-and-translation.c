/* Prefetched lines with and without their page's translation cached (issue 18, sixteenth
 * session).
 *
 *   cc -O2 -o /tmp/prefetch-and-translation Benchmarks/experiments/memory-probes/prefetch-and-translation.c
 *   /tmp/prefetch-and-translation WORK LINES PIECES SMALL
 *
 * Each iteration asks for LINES lines of the next iteration's page (all at once, "burst", or
 * cut into PIECES spread through the work, "paced"), does WORK steps of arithmetic (about
 * 1 ns each), then reads the current page's LINES lines in a dependent chain, as a request
 * walks its objects. SMALL=1 takes the pages from a set of 32 (their translations stay in the
 * TLB; each line is flushed from the cache after use, so every line still comes from memory);
 * SMALL=0 from 1 GB (a translation missing for almost every page). The difference between the
 * two is what a page whose translation is cold costs a request even when its lines were asked
 * for a whole iteration earlier.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static uint64_t s=88172645463325252ull; static inline uint64_t rnd(void){s^=s<<13;s^=s>>7;s^=s<<17;return s;}
static volatile uint64_t sinkv;
static inline uint64_t work(uint64_t x,int n){ for(int i=0;i<n;i++) x=x*6364136223846793005ull+1442695040888963407ull; return x; }
int main(int argc,char**argv){
  if(argc!=5){ fprintf(stderr,"usage: prefetch-and-translation WORK LINES PIECES SMALL\n"); return 64; }
  int W=atoi(argv[1]), L=atoi(argv[2]), P=atoi(argv[3]), SMALL=atoi(argv[4]);
  size_t bytes=(size_t)1<<30, pages=SMALL? 32 : bytes/4096; unsigned char*buf=aligned_alloc(4096,bytes); memset(buf,1,bytes);
  long it=300000; uint64_t acc=0; enum{D=4}; size_t ring[D];
  for(int mode=1;mode<3;mode++){
    for(int d=0;d<D;d++) ring[d]=rnd()%pages;
    double t0=now();
    for(long i=0;i<it;i++){
      size_t cur = ring[i%D]; size_t n1=ring[(i+1)%D]; unsigned char*np=buf+n1*4096;
      if(mode==1) for(int k=0;k<L;k++) __builtin_prefetch(np+k*64,0,3);
      int per=L/P;
      for(int p=0;p<P;p++){ if(mode==2) for(int k=p*per;k<(p+1)*per;k++) __builtin_prefetch(np+k*64,0,3); acc=work(acc,W/P); }
      unsigned char*cp=buf+cur*4096; size_t off=0;
      for(int k=0;k<L;k++){ off = cp[k*64 + off] - 1; acc+=off; }
      for(int k=0;k<L;k++) _mm_clflush(cp+k*64);
      ring[i%D]=rnd()%pages; if(ring[i%D]==n1) ring[i%D]=(n1+1)%pages;
    }
    const char*n[]={"","burst","paced"};
    printf("W=%d L=%d P=%d %s %-6s %7.1f ns\n",W,L,P,SMALL?"32 pages, TLB warm":"1 GB, TLB cold   ",n[mode],(now()-t0)/it*1e9);
  }
  sinkv=acc; return 0;
}
