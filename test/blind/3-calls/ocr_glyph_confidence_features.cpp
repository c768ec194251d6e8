// scenario: an OCR post-processor scores each recognised glyph from geometry features computed in double and wrapped without a copy
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct GlyphBox {
  char label;
  double x0, y0, x1, y1;
  double ink_ratio;
};

constexpr int64_t kFeatureDim = 6;

// Wraps a feature row in place; the row must outlive the tensor.
template <typename T>
torch::Tensor wrapRow(std::vector<T> &row) {
  return torch::from_blob(row.data(), {1, static_cast<int64_t>(row.size())},
                          torch::TensorOptions().dtype(torch::CppTypeToScalarType<T>()));
}

std::vector<double> glyphGeometry(const GlyphBox &g, double line_height) {
  const double w = g.x1 - g.x0, h = g.y1 - g.y0;
  return {w / line_height, h / line_height, w / std::max(h, 1e-6),
          g.y0 / line_height, g.ink_ratio, std::log1p(w * h)};
}

class ConfidenceScorer {
public:
  ConfidenceScorer() : head_(torch::nn::Linear(kFeatureDim, 1)) { head_->eval(); }

  float score(torch::Tensor features) {
    torch::NoGradGuard no_grad;
    auto logit = head_(features); // BUG
    return torch::sigmoid(logit).item<float>();
  }

private:
  torch::nn::Linear head_;
};

} // namespace

int main() {
  const double line_height = 32.0;
  std::vector<GlyphBox> glyphs = {{'R', 4, 2, 22, 30, 0.41}, {'x', 24, 12, 38, 30, 0.33},
                                  {'7', 40, 3, 55, 30, 0.29}};
  ConfidenceScorer scorer;
  std::string accepted;
  for (const auto &g : glyphs) {
    std::vector<double> row = glyphGeometry(g, line_height);
    float conf = scorer.score(wrapRow(row));
    if (conf > 0.2f) accepted.push_back(g.label);
  }
  std::cout << "accepted glyphs: " << accepted << "\n";
  return 0;
}
