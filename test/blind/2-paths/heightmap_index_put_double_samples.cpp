// scenario: terrain heightmap splats survey samples with index_put_; the high-precision path keeps the samples in float64
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Float for the destination and Double for the source.
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct Survey {
  std::vector<int64_t> row, col;
  std::vector<double> elevation_m;
  bool survey_grade = false;
};

int main() {
  Survey s;
  s.row = {0, 1, 2, 3, 3};
  s.col = {4, 2, 2, 0, 1};
  s.elevation_m = {812.25, 799.5, 801.125, 790.0, 791.75};
  s.survey_grade = true;

  torch::Tensor height = torch::full({4, 5}, 800.0);
  torch::Tensor rows = torch::tensor(s.row);
  torch::Tensor cols = torch::tensor(s.col);

  torch::Tensor samples;
  if (s.survey_grade) {
    // Survey-grade points are centimetre accurate; keep float64.
    samples = torch::tensor(s.elevation_m, torch::kFloat64);
  } else {
    samples = torch::tensor(s.elevation_m);
  }
  torch::Tensor offset = samples - samples.mean();

  height.index_put_({rows, cols}, samples); // BUG

  torch::Tensor slope_x = height.diff(1, 1).abs().max();
  std::cout << "max slope " << slope_x.item<float>() << " offsets " << offset << "\n";
  return 0;
}
