// scenario: image tiler pads decoded uint8 tiles; interior tiles use constant padding, border tiles reflect
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: "reflection_pad2d" not implemented for 'Byte'
#include <torch/torch.h>

#include <algorithm>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

struct Tile {
  int64_t row, col;
  torch::Tensor pixels; // [C, H, W] uint8 as decoded
};

int main() {
  const int64_t tile = 16, halo = 2, grid = 3;
  torch::Tensor image = torch::randint(0, 256, {3, tile * grid, tile * grid}, torch::kByte);

  std::vector<Tile> tiles;
  for (int64_t r = 0; r < grid; ++r)
    for (int64_t c = 0; c < grid; ++c)
      tiles.push_back({r, c, image.slice(1, r * tile, (r + 1) * tile)
                                 .slice(2, c * tile, (c + 1) * tile)});

  // Visit the interior tile first (it is scheduled first by the worker).
  std::stable_sort(tiles.begin(), tiles.end(), [&](const Tile &a, const Tile &b) {
    bool ia = a.row > 0 && a.row < grid - 1 && a.col > 0 && a.col < grid - 1;
    bool ib = b.row > 0 && b.row < grid - 1 && b.col > 0 && b.col < grid - 1;
    return ia && !ib;
  });

  int64_t written = 0;
  for (const Tile &t : tiles) {
    bool border = t.row == 0 || t.col == 0 || t.row == grid - 1 || t.col == grid - 1;
    torch::Tensor batch = t.pixels.unsqueeze(0);
    torch::Tensor padded;
    if (!border) {
      padded = F::pad(batch, F::PadFuncOptions({halo, halo, halo, halo}).mode(torch::kConstant).value(0));
    } else {
      // Mirror the image content at the outer edge instead of black borders.
      padded = F::pad(batch, F::PadFuncOptions({halo, halo, halo, halo}).mode(torch::kReflect)); // BUG
    }
    written += padded.numel();
  }
  std::cout << "padded bytes: " << written << "\n";
  return 0;
}
