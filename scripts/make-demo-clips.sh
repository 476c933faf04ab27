#!/usr/bin/env bash
# Remakes the demo video clips in prisma/seed/media/ from ffmpeg's built-in test sources.
# Developers only: the clips are committed, so users and CI never need ffmpeg.
# Usage: scripts/make-demo-clips.sh [output-dir]
set -euo pipefail

cd "$(dirname "$0")/.."
OUT="${1:-prisma/seed/media}"
mkdir -p "$OUT"

command -v ffmpeg >/dev/null || { echo "ffmpeg not found (Debian: apt-get install ffmpeg)" >&2; exit 1; }

DURATION=12
FPS=25
SIZE=640x360

# Titles are drawn only when a font is available; the clips are still valid without them.
FONT=""
for candidate in \
  /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
  /usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf \
  /usr/share/fonts/TTF/DejaVuSans-Bold.ttf; do
  if [[ -f "$candidate" ]]; then FONT="$candidate"; break; fi
done

# Title card: brand top-left, clip title fading in and out in the middle, running time bottom-right.
titles() {
  local title="$1"
  if [[ -z "$FONT" ]]; then echo "null"; return; fi
  printf '%s' \
    "drawtext=fontfile=${FONT}:text='MARQUEE':fontsize=18:fontcolor=white@0.85:x=24:y=20," \
    "drawtext=fontfile=${FONT}:text='${title}':fontsize=52:fontcolor=white:borderw=2:bordercolor=black@0.35:" \
    "x=(w-text_w)/2:y=(h-text_h)/2:alpha='if(lt(t,1),t,if(lt(t,8),1,if(lt(t,9),9-t,0)))'," \
    "drawtext=fontfile=${FONT}:text='Demo clip':fontsize=18:fontcolor=white@0.8:" \
    "x=(w-text_w)/2:y=(h/2)+44:alpha='if(lt(t,1.5),0,if(lt(t,8),1,if(lt(t,9),9-t,0)))'," \
    "drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=16:fontcolor=white@0.8:x=w-text_w-20:y=h-text_h-16"
}

# encode NAME VIDEO_FILTERGRAPH AUDIO_EXPRESSION
# The video graph reads nothing and must end in the label [v]; the audio is a soft chord of sine tones.
encode() {
  local name="$1" graph="$2" tone="$3"
  echo "==> $OUT/$name.mp4"
  ffmpeg -hide_banner -loglevel error -y \
    -filter_complex "${graph};aevalsrc='${tone}':s=44100:d=${DURATION},afade=t=in:d=1,afade=t=out:st=$((DURATION - 2)):d=2[a]" \
    -map '[v]' -map '[a]' -t "$DURATION" \
    -c:v libx264 -profile:v main -level:v 3.1 -pix_fmt yuv420p -preset slow \
    -crf 26 -maxrate 360k -bufsize 720k -g $((FPS * 2)) -keyint_min "$FPS" \
    -c:a aac -b:a 64k -ac 2 \
    -movflags +faststart \
    "$OUT/$name.mp4"
}

# City Lights: an elementary cellular automaton scrolls like lit windows over a night-sky gradient.
encode city-lights \
  "gradients=s=${SIZE}:r=${FPS}:d=${DURATION}:c0=0x0b1026:c1=0x2b1055:c2=0x5b1a4a:nb_colors=3:x0=0:y0=0:x1=0:y1=360:speed=0.004[sky];
   cellauto=s=160x90:r=${FPS}:rule=110:random_fill_ratio=0.35:random_seed=7:scroll=1,
     scale=${SIZE}:flags=neighbor,gblur=sigma=1.5,format=gbrp,
     colorchannelmixer=rr=1.0:gg=0.72:bb=0.28[lights];
   [sky]format=gbrp[skyrgb];
   [skyrgb][lights]blend=all_mode=screen:all_opacity=0.6,vignette=PI/4,
     $(titles 'City Lights'),format=yuv420p[v]" \
  "0.12*sin(2*PI*220*t)+0.08*sin(2*PI*277.18*t)+0.08*sin(2*PI*329.63*t)"

# Ocean Drift: slow moving blue gradients with rolling swell lines.
encode ocean-drift \
  "gradients=s=${SIZE}:r=${FPS}:d=${DURATION}:c0=0x03254c:c1=0x0a6c8a:c2=0x35b6c4:c3=0x02162e:nb_colors=4:seed=11:speed=0.015,format=yuv420p[sea];
   color=c=white:s=${SIZE}:r=${FPS}:d=${DURATION},format=gray,
     geq=lum='255*pow(max(0,sin(Y/9+4*sin(X/90+T*0.9)+T*1.6)),14)',gblur=sigma=2,format=yuv420p[swell];
   [sea][swell]blend=all_mode=screen:all_opacity=0.35,vignette=PI/5,
     $(titles 'Ocean Drift'),format=yuv420p[v]" \
  "0.12*sin(2*PI*196*t)*(0.7+0.3*sin(2*PI*0.25*t))+0.08*sin(2*PI*293.66*t)"

# Neon Grid: Conway's life in neon colours under a glowing grid.
encode neon-grid \
  "life=s=160x90:r=${FPS}:ratio=0.18:seed=42:mold=6:life_color=0x00ffd5:death_color=0x0c0020:mold_color=0x7a1bb8,
     scale=${SIZE}:flags=neighbor,
     drawgrid=w=32:h=32:t=1:c=0xff4fd8@0.5,gblur=sigma=0.8,vignette=PI/4,
     $(titles 'Neon Grid'),format=yuv420p[v]" \
  "0.10*sin(2*PI*261.63*t)+0.07*sin(2*PI*392*t)+0.05*sin(2*PI*523.25*t)*(0.5+0.5*sin(2*PI*2*t))"

# Fractal Dive: a slow zoom into the Mandelbrot set, rendered small and scaled up to keep the file light.
encode fractal-dive \
  "mandelbrot=s=320x180:r=${FPS}:start_scale=3:end_scale=0.02:end_pts=400:start_x=-0.743643887037151:start_y=0.131825904205330:outer=normalized_iteration_count,
     scale=${SIZE}:flags=bicubic,hue=H=t/4,vignette=PI/5,
     $(titles 'Fractal Dive'),format=yuv420p[v]" \
  "0.11*sin(2*PI*174.61*t)+0.08*sin(2*PI*220*t)+0.06*sin(2*PI*261.63*t)"

# Colour Bars: the classic SMPTE HD test card with a countdown.
if [[ -n "$FONT" ]]; then
  countdown=",drawtext=fontfile=${FONT}:text='%{eif\\:max(1\\,${DURATION}-floor(t))\\:d}':fontsize=120:fontcolor=white:borderw=4:bordercolor=black@0.6:x=(w-text_w)/2:y=(h-text_h)/2-10:enable='gte(t,9)'"
else
  countdown=""
fi
encode colour-bars \
  "smptehdbars=s=${SIZE}:r=${FPS}:d=${DURATION}${countdown},
     $(titles 'Colour Bars'),format=yuv420p[v]" \
  "0.2*sin(2*PI*1000*t)*lt(mod(t,1),0.5)"

ls -l "$OUT"/*.mp4
