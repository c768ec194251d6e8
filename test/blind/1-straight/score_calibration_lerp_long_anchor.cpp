// scenario: blends model scores toward integer rubric anchors with lerp, the anchors kept as int64
// tier: 1
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype float for `end` but got dtype long int
#include <torch/torch.h>
#include <iomanip>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(4);
  const int64_t essays = 6;

  // Raw model grades on a 0..10 scale, and the model's confidence.
  torch::Tensor raw = torch::rand({essays}) * 10.0;
  torch::Tensor confidence = torch::rand({essays});

  // Rubric anchors: the nearest whole grade a human grader would assign.
  std::vector<int64_t> anchor_grades = {3, 7, 5, 9, 2, 6};
  torch::Tensor anchors = torch::tensor(anchor_grades);

  // How far each score is from its anchor decides how strongly to pull it;
  // low-confidence essays are pulled harder.
  torch::Tensor gap = (raw - anchors).abs();
  torch::Tensor pull = torch::sigmoid(gap - 2.0) * 0.5 * (1.5 - confidence);
  double global_pull = pull.mean().clamp(0.0, 1.0).item<double>();
  std::cout << std::fixed << std::setprecision(3) << "pull strength " << global_pull << "\n";

  torch::Tensor calibrated = torch::lerp(raw, anchors, global_pull); // BUG
  torch::Tensor rounded = calibrated.round().clamp(0, 10);
  torch::Tensor changed = rounded.ne(raw.round()).sum();
  torch::Tensor agreement = rounded.eq(anchors).to(torch::kFloat).mean();

  std::cout << "raw " << raw << "\ncalibrated " << calibrated << "\n";
  std::cout << "grades changed: " << changed.item<int64_t>()
            << " agreement with anchors: " << agreement.item<float>() << "\n";
  return 0;
}
