// scenario: detector post-processing: depending on the export mode boxes are either float regressions or snapped to the int64 pixel grid; they are clipped with float tensor bounds (out of place), merged with torch::where against an int64 fallback, and oriented with atan2 on integer deltas, all of which promote
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace {

enum class BoxMode { Float, PixelSnapped, Centered };

torch::Tensor raw_boxes(int64_t n) {
  torch::manual_seed(9);
  auto xy = torch::rand({n, 2}) * 70 - 5; // some boxes spill outside
  auto wh = torch::rand({n, 2}) * 20 + 2;
  return torch::cat({xy, xy + wh}, 1);
}

} // namespace

int main() {
  const int64_t width = 64, height = 48;
  BoxMode mode = BoxMode::PixelSnapped;
  auto boxes = raw_boxes(6);

  torch::Tensor decoded;
  switch (mode) {
  case BoxMode::Float:
    decoded = boxes;
    break;
  case BoxMode::PixelSnapped:
    decoded = boxes.round().to(torch::kLong);
    break;
  case BoxMode::Centered:
    decoded = boxes - torch::tensor({width / 2.0, height / 2.0, width / 2.0, height / 2.0});
    break;
  }

  // per-coordinate image bounds, x1 y1 x2 y2
  auto lo = torch::zeros({4});
  auto hi = torch::tensor({width - 1.0, height - 1.0, width - 1.0, height - 1.0});
  auto clipped = torch::clamp(decoded, lo, hi); // int64 with float bounds -> float32

  auto area = (clipped.select(1, 2) - clipped.select(1, 0)) *
              (clipped.select(1, 3) - clipped.select(1, 1));
  auto keep = area.gt(4.0).unsqueeze(1);
  // degenerate boxes fall back to a whole-image box given in integer pixels
  auto fallback = torch::tensor({int64_t{0}, int64_t{0}, width - 1, height - 1}).expand_as(decoded);
  auto merged = torch::where(keep, clipped, fallback);

  // orientation of the diagonal, from integer deltas when the boxes are snapped
  auto dx = decoded.select(1, 2) - decoded.select(1, 0);
  auto dy = decoded.select(1, 3) - decoded.select(1, 1);
  auto angle = torch::atan2(dy, dx);
  auto cell = torch::remainder(decoded.select(1, 0), 7.5);

  std::cout << merged.scalar_type() << " " << angle.scalar_type() << " "
            << cell.scalar_type() << "\n"
            << merged << "\n";
  return 0;
}
